// What counts as an error in the server's output during a soak: every line on stderr (console.error
// and console.warn write there, and a healthy server under load writes nothing there), and every
// line on stdout that speaks of an error, a failure, an exception or a warning.
import { serverLines } from '../../tests/support/server-process.js'

const troubleWords = /error|fail|exception|warn|unhandled/i

export function errorLines(stdout: string, stderr: string): string[] {
  const stdoutTrouble = stdout.split('\n').filter((line) => troubleWords.test(line))
  return [...serverLines(stderr), ...stdoutTrouble]
}
