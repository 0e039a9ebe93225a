"""What ``all-code = true`` (the audit mode) puts in scope: backend-like code anywhere.

Out of the backend paths and base classes, a class (all its methods together) or a module-level
function is backend-like when it **reads KV through the active pool** (a
``get_key_buffer`` / ``get_value_buffer`` / ``get_kv_buffer`` call in code that mentions
``token_to_kv_pool``) **and takes an SWA decision** (``isinstance``/``issubclass`` against an
SWA pool or allocator class, an SWA-only ``hasattr``, a full->SWA translate member,
``layers_mapping`` / ``swa_layer_nums``). That is what an attention backend does, wherever it
lives (model-local attention, hardware plugins, out-of-tree backends); scheduler, allocator,
mem_cache and disaggregation code, which uses the allocator legitimately, reads no KV through
the active pool. The KV pools themselves read their own buffers and never name
``token_to_kv_pool``.
"""

from __future__ import annotations

import libcst as cst

from .cstnodes import call_func_name, iter_nodes, positional_args, string_value
from .names import POOL_ATTR, SWA_TRANSLATE_MEMBERS, is_swa_allocator_class_name, is_swa_member_name

KV_READS = frozenset({"get_key_buffer", "get_value_buffer", "get_kv_buffer"})
SWA_MEMBERS = SWA_TRANSLATE_MEMBERS | {"layers_mapping", "swa_layer_nums"}


def backend_like(node: cst.CSTNode, analysis) -> bool:
    pool = reads = swa = False
    for n in iter_nodes(node):
        if isinstance(n, cst.Attribute):
            attr = n.attr.value
            if attr == POOL_ATTR:
                pool = True
            elif attr in KV_READS:
                reads = True
            elif attr in SWA_MEMBERS:
                swa = True
        elif isinstance(n, cst.Call) and not swa:
            name = call_func_name(n)
            args = positional_args(n)
            if name in ("isinstance", "issubclass") and len(args) == 2:
                swa = analysis.is_swa_pool_class(args[1]) or analysis.is_swa_allocator_class(
                    args[1]
                )
            elif name == "hasattr" and len(args) == 2:
                member = string_value(args[1])
                swa = bool(member) and is_swa_member_name(member)
        if pool and reads and swa:
            return True
    return False


__all__ = ["backend_like", "is_swa_allocator_class_name"]
