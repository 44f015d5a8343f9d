import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
