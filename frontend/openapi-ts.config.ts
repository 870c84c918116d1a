import { defineConfig } from "@hey-api/openapi-ts";

// Generated from the backend's OpenAPI by scripts/generate-client.sh; never edit src/client by hand.
// Operation ids are "{tag}-{name}" (backend app/main.py), so byTags gives RunsService.createRun.
export default defineConfig({
  input: "openapi.json",
  output: { path: "src/client" },
  plugins: [
    "@hey-api/client-fetch",
    "@hey-api/typescript",
    {
      name: "@hey-api/sdk",
      operations: {
        strategy: "byTags",
        containerName: { name: "{{name}}Service", case: "PascalCase" },
        methodName: (name: string) =>
          name.replace(/^[a-z]+[-_]/i, "").replace(/[-_]([a-z])/g, (_: string, c: string) => c.toUpperCase()),
      },
    },
  ],
});
