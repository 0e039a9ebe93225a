"""Facts about the installed sglang, read lazily (when a backend module is being patched) and
without importing anything new where possible: its version, which API generation its
``ForwardBatch`` has, and the SWA pool class each backend's own resolver accepts."""

from __future__ import annotations

import importlib
import sys
from typing import Optional, Tuple


def sglang_version() -> str:
    """The sglang version of this process, without importing anything new: ``sglang.__version__``,
    else its ``sglang.version`` / ``sglang._version`` module (set before the package finishes
    importing), else the distribution's metadata."""
    version = None
    for name in ("sglang", "sglang.version", "sglang._version"):
        version = getattr(sys.modules.get(name), "__version__", None)
        if version:
            break
    if not version:
        try:
            from importlib.metadata import version as dist_version

            version = dist_version("sglang")
        except Exception:
            version = "unknown"
    return str(version)


def sglang_importable() -> bool:
    """Whether ``import sglang`` can succeed here (a spec lookup; nothing is imported)."""
    if "sglang" in sys.modules:
        return True
    try:
        import importlib.util

        return importlib.util.find_spec("sglang") is not None
    except (ImportError, ValueError):
        return False


def forward_batch_has_pool_field() -> Optional[bool]:
    fbi = sys.modules.get("sglang.srt.model_executor.forward_batch_info")
    if fbi is None:
        return None
    return "token_to_kv_pool" in getattr(
        getattr(fbi, "ForwardBatch", None), "__dataclass_fields__", {}
    )


def swa_pool_types() -> tuple:
    """``(SWAKVPool,)`` — the fallback SWA class (backends without a resolver: the legacy
    allocator-typed ones, Triton, FA3)."""
    try:
        mod = importlib.import_module("sglang.srt.mem_cache.swa_memory_pool")
        return (mod.SWAKVPool,)
    except Exception:
        return ()


def base_swa_types() -> tuple:
    """Every pool class with a full->SWA map: ``BaseSWAKVPool`` where it exists (>= 0.5.12),
    else ``SWAKVPool``. A translation through such an active pool is never the translate shape."""
    try:
        mod = importlib.import_module("sglang.srt.mem_cache.base_swa_memory_pool")
        return (mod.BaseSWAKVPool,)
    except Exception:
        return swa_pool_types()


RESOLVER = "_resolve_swa_kv_pool"
_RESOLVER_CLASS_NAMES = ("BaseSWAKVPool", "SWAKVPool")


def resolver_swa_types(cls: type) -> Tuple[tuple, str]:
    """The SWA pool class the backend's OWN resolver accepts, and a sentence saying so.

    sglang judges "is this pool SWA?" per backend: FlashInfer >= 0.5.14 resolves with
    ``BaseSWAKVPool`` (so ``DeepSeekV4TokenToKVPool`` counts), TRTLLM and aiter with ``SWAKVPool``.
    The class is read from the resolver's own global names (``__code__.co_names`` looked up in its
    ``__globals__``), so each installed version is judged by its own code. Backends without a
    resolver fall back to ``SWAKVPool``.
    """
    fn = getattr(cls, RESOLVER, None)
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    glb = getattr(fn, "__globals__", None) or {}
    if code is not None:
        for class_name in _RESOLVER_CLASS_NAMES:
            candidate = glb.get(class_name)
            if class_name in code.co_names and isinstance(candidate, type):
                owner = getattr(fn, "__qualname__", RESOLVER)
                return (candidate,), f"{owner} accepts {class_name}"
    return swa_pool_types(), f"{cls.__name__} has no {RESOLVER}: SWAKVPool"
