#!/bin/sh
# Regenerate src/client from the backend's OpenAPI schema. Run after any API change
# (make client), then commit src/client and openapi.json.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
py=${PYTHON:-$root/.venv/bin/python}
cd "$root/backend"
"$py" -c "import json, sys; from app.main import create_app; json.dump(create_app().openapi(), sys.stdout, indent=2, sort_keys=True)" > "$here/openapi.json"
cd "$here"
npx openapi-ts
