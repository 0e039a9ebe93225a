"""Sliding-window pool resolution expressed as a match over runner facts."""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _runner_facts(model_runner) -> Tuple[bool, bool, bool]:
    own_is_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    is_draft = bool(model_runner.is_draft_worker)
    frozen = is_draft and model_runner.spec_algorithm.is_frozen_kv_mtp()
    return own_is_swa, is_draft, frozen


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    match _runner_facts(model_runner):
        case (True, _, _):
            return model_runner.token_to_kv_pool
        case (False, True, False):
            # Regular draft: private full-attention cache, nothing to remap.
            return None
        case _:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_stride: int = 1):
        self.layer_stride = layer_stride
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        match self.swa_kv_pool:
            case None:
                return self.token_to_kv_pool, loc
            case swa:
                return swa, swa.translate_loc_from_full_to_swa(loc)
