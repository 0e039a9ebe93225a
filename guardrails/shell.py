"""Signature-preserving wrapper shells, generated once per patched method.

A ``def wrapper(self, *args, **kwargs): ... original(self, *args, **kwargs)`` costs about 0.2 µs
per call in CPython (a tuple and a dict built and unpacked twice), which is as much as the
guard's whole steady-state check. So where the original is a plain Python function whose
signature can be read, the wrapper is generated with the *same* parameters (names, kinds,
default objects) and passes them on as they came: ``def f(self, forward_batch, in_capture=<the
same default object>)`` calls ``original(self, forward_batch, in_capture)``. Passing a parameter
by position that the caller gave by keyword (or left at its default) is the same call for the
original. Only the names and kinds are copied into source text; default values are bound as
objects, never printed. Anything else (builtins, a parameter whose name starts with
``_kvguard_``) gets ``None`` and the caller falls back to the generic ``*args, **kwargs`` form.

The body around the call is a template with ``{call}`` for the call of the original and
``{arg:NAME}`` for the value of the original's parameter NAME in this call (``None`` when the
signature has no such parameter; looked up in ``**kwargs`` when the signature has one).
"""

from __future__ import annotations

import inspect
import re
from typing import Dict

_PREFIX = "_kvguard_"
_ARG = re.compile(r"\{arg:([A-Za-z_][A-Za-z0-9_]*)\}")


def make_shell(original, body: str, env: Dict[str, object], name: str = "wrapper"):
    """The generated function, or None when ``original``'s signature cannot be copied.

    ``body``: statements (not indented) using ``{call}``, ``{self}`` (the first parameter's
    name) and ``{arg:NAME}``; ``env``: the names the body uses (each must start with
    ``_kvguard_``)."""
    if not inspect.isfunction(original):
        return None
    try:
        sig = inspect.signature(original, follow_wrapped=False)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if not params or params[0].kind not in (
        params[0].POSITIONAL_ONLY,
        params[0].POSITIONAL_OR_KEYWORD,
    ):
        return None
    defs, call, defaults, named = [], [], {}, set()
    var_kw = None
    seen_star = False
    for i, p in enumerate(params):
        if p.name.startswith(_PREFIX) or not p.name.isidentifier():
            return None
        default = ""
        if p.default is not p.empty:
            key = f"{_PREFIX}d{i}"
            defaults[key] = p.default
            default = "=" + key
        if p.kind is p.POSITIONAL_ONLY:
            defs.append(p.name + default)
            if i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY:
                defs.append("/")
            call.append(p.name)
            named.add(p.name)
        elif p.kind is p.POSITIONAL_OR_KEYWORD:
            defs.append(p.name + default)
            call.append(p.name)
            named.add(p.name)
        elif p.kind is p.VAR_POSITIONAL:
            defs.append("*" + p.name)
            call.append("*" + p.name)
            seen_star = True
        elif p.kind is p.KEYWORD_ONLY:
            if not seen_star:
                defs.append("*")
                seen_star = True
            defs.append(p.name + default)
            call.append(f"{p.name}={p.name}")
            named.add(p.name)
        else:  # VAR_KEYWORD
            defs.append("**" + p.name)
            call.append("**" + p.name)
            var_kw = p.name

    def arg(match):
        wanted = match.group(1)
        if wanted in named:
            return wanted
        if var_kw is not None:
            return f"{var_kw}.get({wanted!r})"
        return "None"

    this = params[0].name
    text = _ARG.sub(arg, body)
    text = text.replace("{call}", f"{_PREFIX}original({', '.join(call)})").replace("{self}", this)
    outer = ", ".join([f"{_PREFIX}original"] + sorted(env) + sorted(defaults))
    source = (
        f"def {_PREFIX}make({outer}):\n"
        f"    def {name}({', '.join(defs)}):\n"
        + "".join("        " + line + "\n" for line in text.strip("\n").split("\n"))
        + f"    return {name}\n"
    )
    for key in env:
        if not key.startswith(_PREFIX):
            raise ValueError(f"shell environment names start with {_PREFIX}: {key}")
    namespace: Dict[str, object] = {}
    exec(compile(source, f"<kvguard shell for {original.__qualname__}>", "exec"), namespace)
    values = {f"{_PREFIX}original": original, **env, **defaults}
    return namespace[f"{_PREFIX}make"](**values)
