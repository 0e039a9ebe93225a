"""``python -m guardrails doctor [--device cpu|cuda] [--json] [--no-lint]``."""

import sys


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m guardrails doctor [--device cpu|cuda] [--json] [--no-lint]")
        print("  doctor: does the installed sglang have the KV pool / SWA bug? (docs/guard.md)")
        return 0 if argv else 2
    if argv[0] == "doctor":
        from .doctor import main as doctor_main

        return doctor_main(argv[1:])
    print(f"python -m guardrails: unknown command {argv[0]!r} (try: doctor)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
