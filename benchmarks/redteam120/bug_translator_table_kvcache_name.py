"""Decode location translators keyed by KV cache class name.

The translator table is filled at import.  Selection uses the name of the KV
cache the allocator hands out, and the chosen translator receives that cache
as the read target.
"""

from typing import Callable, Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

Translator = Callable[[KVCache, torch.Tensor], Tuple[KVCache, torch.Tensor]]

TRANSLATORS_BY_NAME: Dict[str, Translator] = {}


def _register(*names: str):
    def deco(fn: Translator) -> Translator:
        TRANSLATORS_BY_NAME.update({n: fn for n in names})
        return fn

    return deco


@_register("SWAKVPool")
def _translate_swa(cache: KVCache, loc: torch.Tensor):
    return cache, cache.translate_loc_from_full_to_swa(loc)


@_register("MHATokenToKVPool", "MLATokenToKVPool")
def _translate_full(cache: KVCache, loc: torch.Tensor):
    return cache, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, default_translator: str = "MHATokenToKVPool"):
        self.model_config = model_runner.model_config
        self.kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        name = type(self.kv_cache).__name__
        self._translator = TRANSLATORS_BY_NAME.get(name, TRANSLATORS_BY_NAME[default_translator])

    def forward_decode(self, loc: torch.Tensor):
        return self._translator(self.kv_cache, loc)
