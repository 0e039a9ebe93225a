"""SWA pool resolution keyed on the runner's speculative role."""

import enum
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVRole(enum.Enum):
    TARGET = "target"
    FROZEN_KV_DRAFT = "frozen_kv_draft"
    OWN_KV_DRAFT = "own_kv_draft"


def kv_role(model_runner) -> KVRole:
    if not model_runner.is_draft_worker:
        return KVRole.TARGET
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return KVRole.FROZEN_KV_DRAFT
    return KVRole.OWN_KV_DRAFT


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    role = kv_role(model_runner)
    if role is KVRole.OWN_KV_DRAFT:
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.role = kv_role(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
