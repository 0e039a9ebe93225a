"""Intel AMX CPU backend port that gathers window slots through the allocator's index table."""

import logging
from typing import Optional, Tuple

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """IntelAMXAttnBackend, decode only: KV writes go through KVWriteLoc pairs."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.forward_metadata: Optional[Tuple[torch.Tensor, torch.Tensor]] = None
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        kind = type(self._allocator).__name__.lower()
        self.use_sliding_window_kv_pool = kind.startswith("swa") or "swatoken" in kind
        self.swa_out_cache_loc = None
        self._swa_req_to_token = None

    def _init_swa_forward_metadata(self, out_cache_loc: Optional[torch.Tensor]) -> None:
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            table = self._allocator.full_to_swa_index_mapping
            self.swa_out_cache_loc = table[out_cache_loc]
        else:
            self.swa_out_cache_loc = None
        self._swa_req_to_token = None

    def _is_swa_layer(self, layer_id: int) -> bool:
        if not self.use_sliding_window_kv_pool:
            return False
        mapping = getattr(self.token_to_kv_pool, "layers_mapping", {})
        return bool(mapping.get(layer_id, (0, True))[1])

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        attn_logits = torch.zeros((out_cache_loc.shape[0], 1), dtype=torch.float32)
        max_extend_len = None
        self.forward_metadata = (attn_logits, max_extend_len)
        self._init_swa_forward_metadata(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        """Decode on layer 0; window layers use the translated write slots."""
        self.init_forward_metadata(loc)
        if self._is_swa_layer(0) and self.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, self.swa_out_cache_loc
        return self.token_to_kv_pool, loc
