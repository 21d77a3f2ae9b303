/**
 * Questions to the person at the terminal (with or without echo), or, when stdin is not a
 * terminal, answers read line by line from stdin (password first, one-time code next), so
 * scripts can log in with `printf '%s\n' "$PASSWORD" | portal login --password-stdin`.
 */
import { createInterface } from "node:readline";
import { UsageError } from "../CliError";

export interface Prompter {
  ask(question: string, options?: { readonly hidden?: boolean }): Promise<string>;
  close(): void;
}

/** Answers from the lines of a non-terminal stream; a missing line is a usage error. */
export function linePrompter(input: NodeJS.ReadableStream): Prompter {
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question) {
      const next = await lines.next();
      if (next.done) throw new UsageError({ message: `stdin ended before the ${question.replace(/:\s*$/, "").toLowerCase()} was given` });
      return next.value;
    },
    close: () => rl.close(),
  };
}

/** Questions on a terminal; hidden answers are read in raw mode and never echoed. */
export function terminalPrompter(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Prompter {
  return {
    ask(question, options = {}) {
      if (!options.hidden) {
        const rl = createInterface({ input, output, terminal: true });
        return new Promise((resolve) => rl.question(question, (answer) => { rl.close(); resolve(answer); }));
      }
      return new Promise((resolve, reject) => {
        output.write(question);
        let answer = "";
        input.setRawMode(true);
        input.resume();
        input.setEncoding("utf8");
        const done = (error?: Error) => {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          output.write("\n");
          if (error) reject(error);
          else resolve(answer);
        };
        const onData = (chunk: string) => {
          for (const ch of chunk) {
            if (ch === "\r" || ch === "\n") return done();
            if (ch === "\u0003") return done(new UsageError({ message: "Cancelled" }));
            if (ch === "\u007f" || ch === "\b") answer = answer.slice(0, -1);
            else answer += ch;
          }
        };
        input.on("data", onData);
      });
    },
    close: () => undefined,
  };
}
