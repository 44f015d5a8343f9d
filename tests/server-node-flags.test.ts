// Every command that starts the built server, in package.json, the browser tests' config and the
// deployment guide, passes node the same flags as the test and benchmark processes do: the
// benchmark's memory budget is only kept in production if production starts node the same way.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from './support/server-process'

const root = path.resolve(import.meta.dirname, '..')

/**
 * Each command in `text` that runs `dist/server/main.js` with node, from the last `node` before
 * the file to the file, in the forms used: a shell line, a systemd `ExecStart`, a compose list.
 */
function serverCommands(text: string): string[] {
  const command = /\bnode\b(?:(?!\bnode\b)[^\n`])*?dist\/server\/main\.js/g
  return [...text.matchAll(command)].map((match) => match[0])
}

/** Whether `command` passes every one of `flags` to node, before the file. */
function passesFlags(command: string, flags: string[]): boolean {
  return flags.every((flag) => command.includes(flag))
}

describe('serverCommands', () => {
  it('finds the shell, systemd and compose forms, and a command without the flag', () => {
    const text = [
      'DATA_DIR=/x node dist/server/main.js',
      'ExecStart=/usr/bin/node --max-old-space-size=1024 dist/server/main.js',
      "command: ['node', '--max-old-space-size=1024', 'dist/server/main.js']",
      'Run `node dist/server/main.js` itself',
      'node scripts/build.mjs --max-old-space-size=1024 && node dist/server/main.js',
    ].join('\n')
    const commands = serverCommands(text)
    expect(commands).toHaveLength(5)
    expect(commands.map((command) => passesFlags(command, serverNodeFlags))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ])
  })
})

describe('the commands that start the built server', () => {
  const files = ['package.json', 'playwright.config.ts', 'docs/deployment.md']

  it.each(files)('%s passes node the server flags', (file) => {
    const commands = serverCommands(fs.readFileSync(path.join(root, file), 'utf8'))
    expect(commands.length).toBeGreaterThan(0)
    expect(commands.filter((command) => !passesFlags(command, serverNodeFlags))).toEqual([])
  })
})
