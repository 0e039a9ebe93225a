"""Torch-native backend that dispatches SWA pool lookup on the worker's role."""

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _allocator_cache(model_runner) -> Optional[SWAKVPool]:
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


def _keep_private(model_runner) -> Optional[SWAKVPool]:
    logger.debug("draft %s keeps its own KV pool", type(model_runner).__name__)
    return None


# (is_draft_worker, is_frozen_kv_mtp) -> where the SWA pool comes from
_POLICY: Dict[Tuple[bool, bool], Callable] = {
    (False, False): _allocator_cache,
    (False, True): _allocator_cache,
    (True, True): _allocator_cache,
    (True, False): _keep_private,
}


def _policy_key(model_runner) -> Tuple[bool, bool]:
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    is_draft = bool(getattr(model_runner, "is_draft_worker", False))
    return is_draft, spec.is_frozen_kv_mtp()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    return _POLICY[_policy_key(model_runner)](model_runner)


@dataclass
class SDPAInputs:
    kv_indices: torch.Tensor
    scaling: float
    causal: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        head_dim = getattr(model_runner.model_config, "head_dim", 64)
        self.scaling = float(head_dim) ** -0.5
        self.inputs: Optional[SDPAInputs] = None

    def _sdpa(self, q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(
            q, k, v, scale=self.scaling, is_causal=False
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = loc
        if self.swa_pool is not None:
            kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.inputs = SDPAInputs(kv_indices=kv_indices, scaling=self.scaling)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self.inputs.kv_indices
