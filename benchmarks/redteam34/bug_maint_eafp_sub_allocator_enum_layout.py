"""Decode backend choosing a KV layout enum, with a best-effort SWA sub-allocator probe."""

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def _detect_layout(allocator) -> KVLayout:
    try:
        sub = allocator.swa_attn_allocator
    except AttributeError:
        return KVLayout.FULL
    logger.debug("swa sub-allocator: %s (size=%s)", type(sub).__name__, getattr(sub, "size", "?"))
    return KVLayout.HYBRID_SWA


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = _detect_layout(model_runner.token_to_kv_pool_allocator)
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=self.device
        )

    def _is_hybrid(self) -> bool:
        return self.layout is KVLayout.HYBRID_SWA

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        bs = seq_lens.numel()
        self.kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)

    def forward_decode(self, loc):
        if self._is_hybrid():
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
