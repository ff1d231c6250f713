#!/usr/bin/env bash
# Rebuilds callgraph_truth.jsonl (README.md here says what it holds) from SCIP indexes.
# Needs node 20 + npm, python3 (3.11 used), git.
#
#   WORK=<scratch dir> REPOS=$WORK/repos SCIP_REPO=$WORK/scip-repo eval/callgraph/regen.sh
#
# REPOS holds checkouts named after the repositories (httpx, kysely, flask, cleo, zod,
# react-hook-form) at the commits in repos.json; SCIP_REPO a clone of sourcegraph/scip (only
# scip.proto is read). Tools and dependencies come from npm and PyPI; the checkouts are not
# modified except for the indexer configs written and removed below.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
WORK="${WORK:?set WORK to a scratch folder}"
REPOS="${REPOS:-$WORK/repos}"
SCIP_REPO="${SCIP_REPO:-$WORK/scip-repo}"
OUT="$WORK/out"
mkdir -p "$WORK" "$OUT" "$WORK/proto"
cd "$WORK"

# ---------------------------------------------------------------- tools
[ -f package.json ] || npm init -y >/dev/null
[ -x node_modules/.bin/scip-python ] || npm install @sourcegraph/scip-python@0.6.6 @sourcegraph/scip-typescript@0.4.0
# react-hook-form's sources import react: its types are found by walking up to $WORK/node_modules
[ -d node_modules/@types/react ] || npm install @types/react@19.3.3
SCIP_PY="$WORK/node_modules/.bin/scip-python"
SCIP_TS="$WORK/node_modules/.bin/scip-typescript"
TSMOD="$WORK/node_modules/@sourcegraph/scip-typescript/node_modules/typescript"   # TS 5.9.3, the one scip-typescript uses
[ -x venv/bin/python ] || { python3 -m venv venv; venv/bin/pip install -q protobuf grpcio-tools; }
cp "$SCIP_REPO/scip.proto" proto/scip.proto
venv/bin/python -m grpc_tools.protoc -Iproto --python_out=proto proto/scip.proto

# Python environments the indexer sees (pyright resolves imports through `python` on PATH)
pyenv() { # name packages...
  local n="$1"; shift
  [ -x "venv-$n/bin/python" ] || { python3 -m venv "venv-$n"; "venv-$n/bin/pip" install -q "$@"; }
}
pyenv httpx httpcore anyio certifi idna h2 socksio click rich pygments pytest trio trustme uvicorn chardet
pyenv flask werkzeug jinja2 itsdangerous click blinker asgiref python-dotenv pytest
pyenv cleo rapidfuzz crashtest pytest pytest-mock

check_commit() { # dir commit
  local head; head="$(git -C "$1" rev-parse HEAD)"
  [ "$head" = "$2" ] || { echo "$1 is at $head, expected $2" >&2; exit 1; }
}
commit_of() { python3 -c "import json,sys; print([r['commit'] for r in json.load(open('$HERE/repos.json')) if r['repo']=='$1'][0])"; }

# ---------------------------------------------------------------- index: Python (scip-python)
index_py() { # name repo pyrightconfig
  local n="$1" d="$REPOS/$1" rc=0
  check_commit "$d" "$(commit_of "$2")"
  echo "$3" > "$d/pyrightconfig.json"
  # --cwd must be absolute: scip-python keeps only files whose absolute path starts with it
  ( export PATH="$WORK/venv-$n/bin:$PATH"; "$SCIP_PY" index --cwd "$d" --project-name "$n" \
      --project-version "$(git -C "$d" rev-parse --short HEAD)" --output "$OUT/$n.scip" --quiet ) || rc=$?
  rm -f "$d/pyrightconfig.json"
  [ "$rc" = 0 ] || exit "$rc"
}
index_py httpx encode/httpx '{ "include": ["httpx", "tests"], "pythonVersion": "3.11" }'
index_py flask pallets/flask '{ "include": ["src/flask", "tests"], "extraPaths": ["src"], "pythonVersion": "3.11" }'
index_py cleo python-poetry/cleo '{ "include": ["src/cleo", "tests"], "extraPaths": ["src"], "pythonVersion": "3.11" }'

# ---------------------------------------------------------------- index: TypeScript (scip-typescript)
index_ts() { # name repo tsconfig
  local n="$1" d="$REPOS/$1" rc=0
  check_commit "$d" "$(commit_of "$2")"
  echo "$3" > "$d/tsconfig.scip.json"
  "$SCIP_TS" index --cwd "$d" --output "$OUT/$n.scip" --no-progress-bar "$d/tsconfig.scip.json" || rc=$?
  rm -f "$d/tsconfig.scip.json"
  [ "$rc" = 0 ] || exit "$rc"
}
# kysely: a clone of the snapshot cannot check out assets/demo.gif (>4 MiB, not stored);
# `git clone -n <mirror> kysely && git -C kysely checkout HEAD -- src test package.json tsconfig-base.json tsconfig.json`
index_ts kysely kysely-org/kysely '{
  "extends": "./tsconfig-base.json",
  "compilerOptions": { "noEmit": true, "declaration": false, "types": [] },
  "include": ["src/**/*"]
}'
index_ts zod colinhacks/zod '{
  "compilerOptions": { "noEmit": true, "strict": true, "target": "es2022", "module": "nodenext",
    "moduleResolution": "nodenext", "lib": ["dom", "esnext"], "skipLibCheck": true, "types": [],
    "customConditions": ["@zod/source"] },
  "include": ["packages/zod/src/v4/**/*"]
}'
index_ts react-hook-form react-hook-form/react-hook-form '{
  "compilerOptions": { "noEmit": true, "strict": true, "target": "es2018", "module": "es2015",
    "moduleResolution": "bundler", "jsx": "react", "esModuleInterop": true, "skipLibCheck": true,
    "lib": ["dom", "dom.iterable", "esnext"], "types": [] },
  "include": ["src/**/*"],
  "exclude": ["**/__typetest__/**/*"]
}'

# ---------------------------------------------------------------- definitions (TypeScript parser)
for n in kysely zod react-hook-form; do
  venv/bin/python - "$OUT/$n.scip" "$OUT/$n.files" <<'EOF'
import sys; sys.path.insert(0, 'proto'); import scip_pb2
ix = scip_pb2.Index(); ix.ParseFromString(open(sys.argv[1], 'rb').read())
open(sys.argv[2], 'w').write(''.join(d.relative_path + '\n' for d in ix.documents))
EOF
  node "$HERE/ts_defs.js" "$TSMOD" "$REPOS/$n" "$OUT/$n.files" > "$OUT/$n.defs.json"
done

# ---------------------------------------------------------------- truth
sed -e "s#\${REPOS}#$REPOS#g" -e "s#\${OUT}#$OUT#g" "$HERE/repos.json" > "$OUT/config.json"
venv/bin/python "$HERE/build_truth.py" --config "$OUT/config.json" --proto-dir proto \
  --out "$OUT/callgraph_truth.jsonl" --stats "$OUT/stats.json"
echo "wrote $OUT/callgraph_truth.jsonl (copy it to $HERE/ when it should replace the kept one)"
