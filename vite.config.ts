import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { markdownContent } from "./content/markdown-plugin.ts";

// The web app lives in client/; its build is served by the Fastify server from dist/client.
export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), markdownContent()],
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", ws: true },
      "/uploads": "http://127.0.0.1:3000",
      "/healthz": "http://127.0.0.1:3000",
    },
  },
});
