// One bash process per document, as a reader's terminal: variables set by one example are there
// for the next. Each step runs from a file (so a command that reads stdin cannot eat the next
// lines), with its stdout and stderr kept apart. `set -u` makes an undefined variable an error,
// `pipefail` a failed curl before a `| jq`; a failing command is noted by an ERR trap. curl is
// wrapped to report each answer's HTTP status on stderr, which the runner checks.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

export type StepResult = { stdout: string; stderr: string; statuses: number[]; failures: string[]; exited: boolean };

const STATUS = "@@doc-test http ";
const FAILED = "@@doc-test failed ";
const DONE = "@@doc-test done";

const prelude = [
  "set -uo pipefail",
  `trap 'echo "${FAILED}\${BASH_COMMAND} (exit $?)" >&2' ERR`,
  `curl() { command curl -w '%{stderr}${STATUS}%{http_code}\\n' "$@"; }`,
].join("\n");

export class ShellSession {
  private readonly bash: ChildProcess;
  private readonly lines: AsyncIterator<string>;
  private readonly exited: Promise<void>;
  private readonly dir: string;
  private count = 0;

  constructor(dir: string, env: NodeJS.ProcessEnv) {
    this.dir = path.resolve(dir);
    // its own process group, so that stop() also ends what an example left running (`… &`)
    this.bash = spawn("bash", ["--noprofile", "--norc"], { cwd: this.dir, env, stdio: ["pipe", "pipe", "ignore"], detached: true });
    this.exited = new Promise((resolve) => this.bash.once("exit", () => resolve()));
    this.lines = readline.createInterface({ input: this.bash.stdout! })[Symbol.asyncIterator]();
    this.bash.stdin!.write(`${prelude}\n`);
  }

  async run(script: string, timeoutMs: number): Promise<StepResult> {
    const n = ++this.count;
    const file = (ext: string) => path.join(this.dir, `.step-${n}.${ext}`);
    fs.writeFileSync(file("sh"), `${script}\n`);
    this.bash.stdin!.write(`source ${file("sh")} </dev/null >${file("out")} 2>${file("err")}; echo ${DONE}\n`);
    const ended = (async () => {
      for (;;) {
        const next = await this.lines.next();
        if (next.done) return "exited";
        if (next.value === DONE) return "done";
      }
    })();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([ended, new Promise<"late">((r) => (timer = setTimeout(() => r("late"), timeoutMs)))]);
    clearTimeout(timer);
    if (outcome === "late") {
      this.stop();
      throw new Error(`no end within ${timeoutMs / 1000} s`);
    }
    if (outcome === "exited") await this.exited;
    if (outcome === "done" && !fs.existsSync(file("out"))) throw new Error(`the step did not run (${file("sh")})`);
    const read = (ext: string) => (fs.existsSync(file(ext)) ? fs.readFileSync(file(ext), "utf8") : "");
    const errLines = read("err").split("\n");
    return {
      stdout: read("out"),
      stderr: errLines.filter((l) => !l.startsWith("@@doc-test ")).join("\n"),
      statuses: errLines.filter((l) => l.startsWith(STATUS)).map((l) => Number(l.slice(STATUS.length))),
      failures: errLines.filter((l) => l.startsWith(FAILED)).map((l) => l.slice(FAILED.length)),
      exited: outcome === "exited",
    };
  }

  stop(): void {
    try {
      process.kill(-this.bash.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
