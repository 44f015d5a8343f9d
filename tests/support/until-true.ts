// Waits for a condition that another process brings about (a server's worker, a mail arriving),
// looking again every 50 ms, instead of sleeping for a guessed time.

/** Resolves once `condition` returns true; rejects after `timeoutMs`. */
export async function untilTrue(
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not so after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
