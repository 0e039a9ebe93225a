#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -f scripts/setup_sglang_envs.sh ]; then
  bash scripts/setup_sglang_envs.sh
fi
exec .venv/bin/python -m pytest tests "$@"
