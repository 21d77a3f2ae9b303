export * from "./constants";
export * from "./errors";
