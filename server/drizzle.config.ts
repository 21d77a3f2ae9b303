// drizzle-kit generates the SQL migrations in ./drizzle from the schema; the server applies them at start.
import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "postgresql", schema: "./src/db/schema.ts", out: "./drizzle" });
