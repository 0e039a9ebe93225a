"""Intel XPU style backend that indexes the full->SWA map directly when building decode slots."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill=False):
        mc = model_runner.model_config
        self.device = getattr(model_runner, "device", "cpu")
        self.num_kv_heads = getattr(mc, "num_key_value_heads", 1)
        self.head_dim = getattr(mc, "head_dim", 64)
        self.page_size = getattr(model_runner, "page_size", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        cfg_hybrid = bool(getattr(mc, "is_hybrid_swa", False)) or bool(
            getattr(model_runner, "is_hybrid_swa", False)
        )
        mapping = getattr(self._alloc, "full_to_swa_index_mapping", None)
        self.is_hybrid = cfg_hybrid or mapping is not None
        self._mapping: Optional[torch.Tensor] = mapping
        self.forward_metadata = None
        logger.debug("xpu backend: cfg_hybrid=%s is_hybrid=%s", cfg_hybrid, self.is_hybrid)

    def _swa_slots(self, loc):
        if self._mapping is None:
            self._mapping = self._alloc.full_to_swa_index_mapping
        return self._mapping[loc.to(torch.int64)]

    def init_forward_metadata(self, loc, mode="decode"):
        slots = loc.to(torch.int64)
        self.forward_metadata = {
            "slots": slots,
            "swa_slots": self._swa_slots(slots) if self.is_hybrid else None,
            "mode": mode,
        }

    def forward(self, loc, mode="decode", layer_is_swa=True):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if layer_is_swa and md["swa_slots"] is not None:
            return self.token_to_kv_pool, md["swa_slots"]
        return self.token_to_kv_pool, md["slots"]

    def forward_decode(self, loc):
        return self.forward(loc)
