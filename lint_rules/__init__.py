"""kvguard static lint: KV pool / allocator confusion in SGLang attention backends.

Importing this package is cheap: nothing here imports libcst (see ``lint_rules.checker``).
"""

__version__ = "0.1.0"
