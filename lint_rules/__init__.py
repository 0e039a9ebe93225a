"""kvguard static lint: KV pool / allocator confusion in SGLang attention backends.

Importing this package is cheap: nothing here imports libcst (see ``lint_rules.checker``).
"""

__version__ = "0.1.0"


def protect_sys_path() -> None:
    """Drop the working directory that the interpreter put first on ``sys.path`` (``python -m``
    puts the working directory there, ``python -c`` an empty entry) and empty / ``.`` entries
    (the working directory, whatever it is), so that modules of the linted project can never
    shadow the linter's own imports. An explicit entry naming the same directory (an absolute
    ``PYTHONPATH`` item, e.g. a ``pip install --target`` folder run from inside) stays. Done
    once per process (``python -m lint_rules`` does it before any other import)."""
    import os
    import sys

    global _path_protected
    if _path_protected:
        return
    _path_protected = True
    cwd = os.getcwd()
    implicit = not getattr(sys.flags, "safe_path", False)  # ``python -P`` adds none
    sys.path[:] = [
        p
        for i, p in enumerate(sys.path)
        if p not in ("", ".") and not (i == 0 and implicit and p == cwd)
    ]


_path_protected = False
