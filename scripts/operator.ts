/**
 * npm run operator -- add <email>      creates an operator account (prompts for the password)
 * npm run operator -- remove <email>   deletes it and ends its sessions
 * npm run operator -- list             lists the accounts
 *
 * The password is read from the terminal without echo, or as the first line of standard
 * input when that is not a terminal. Against the embedded database, stop the server first.
 */
import { createInterface } from "node:readline";
import { addOperator, listOperators, removeOperator } from "../lib/accounts/operators";
import { serviceSupabase } from "../lib/supabase/server";

function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    return new Promise((resolve) =>
      lines.once("line", (line) => {
        lines.close();
        resolve(line);
      }),
    );
  }
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  let password = "";
  return new Promise((resolve, reject) => {
    input.on("data", (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") {
          input.setRawMode(false);
          input.pause();
          process.stdout.write("\n");
          return resolve(password);
        }
        if (char === "\u0003") return reject(new Error("Cancelled"));
        password = char === "\u007f" ? password.slice(0, -1) : password + char;
      }
    });
  });
}

async function main([command, email]: string[]): Promise<void> {
  const db = serviceSupabase();
  if (command === "add" && email) {
    const password = await readPassword(`Password for ${email}: `);
    await addOperator(db, email, password);
    console.log(`Operator ${email.trim().toLowerCase()} can now log in at /operator.`);
  } else if (command === "remove" && email) {
    console.log((await removeOperator(db, email)) ? `Removed ${email}.` : `No operator ${email}.`);
  } else if (command === "list") {
    const accounts = await listOperators(db);
    if (accounts.length === 0) console.log("No operators yet: npm run operator -- add <email>");
    else console.table(accounts);
  } else {
    throw new Error("Usage: npm run operator -- add <email> | remove <email> | list");
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
