import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/support/vitest-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
