import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
// Set E2E_PORT, E2E_OIDC_PORT and E2E_DATA_DIR to run two suites side by side.
const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3199);

// Debian's Chromium, never a downloaded browser; the flags keep it off the closed network.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    { name: "phone", use: { ...devices["Pixel 7"] }, grep: /@phone/ },
  ],
  webServer: [
    // A local OpenID Connect provider standing in for Google (e2e/oauth.spec.ts).
    {
      command: `E2E_OIDC_PORT=${oidcPort} npx tsx e2e/fixtures/oidc-server.ts`,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    // A fresh embedded database each run: the same path a new user takes with `npm start`.
    {
      command: `rm -rf ${dataDir} && DATA_DIR=${dataDir} PORT=${port} LOG_LEVEL=warn npx tsx server/server.ts`,
      url: `http://127.0.0.1:${port}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Every test signs in from 127.0.0.1; the production limit (20 a minute) would throttle the suite.
        SIGN_IN_LIMIT_PER_MINUTE: "1000",
        // Tests register accounts of their own, all from 127.0.0.1 (production: 10 a minute).
        REGISTER_LIMIT_PER_MINUTE: "1000",
        GOOGLE_CLIENT_ID: "tradewinds-e2e",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
      },
    },
  ],
});
