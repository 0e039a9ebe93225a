"""Intel AMX backend port: duck-types the runner's own pool for the window translator."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """IntelAMXAttnBackend, decode only."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.forward_metadata = None
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")
            and getattr(self.token_to_kv_pool, "swa_layer_nums", 0) > 0
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None
        self._swa_req_to_token = None
        logger.debug(
            "intel_amx: pool=%s allocator=%s",
            type(self.token_to_kv_pool).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def _init_swa_forward_metadata(self, out_cache_loc: Optional[torch.Tensor]) -> None:
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None
        self._swa_req_to_token = None

    def _is_swa_layer(self, layer_id: int) -> bool:
        if not self.use_sliding_window_kv_pool:
            return False
        return bool(self.token_to_kv_pool.layers_mapping[layer_id][1])

    def _swa_kv_indices(self, rows: torch.Tensor) -> torch.Tensor:
        # The SWA K/V buffer only has swa_size rows; feeding it full indices
        # reads out of bounds once allocations pass that size.
        cached = self._swa_req_to_token
        if cached is not None and cached[0] is rows:
            return cached[1]
        translated = self.token_to_kv_pool.translate_loc_from_full_to_swa(rows)
        self._swa_req_to_token = (rows, translated)
        return translated

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.forward_metadata = (torch.zeros((out_cache_loc.numel(), 1)), None)
        self._init_swa_forward_metadata(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        """Layer 0 decode: (pool, slots)."""
        self.init_forward_metadata(loc)
        if self._is_swa_layer(0):
            return self.token_to_kv_pool, self._swa_kv_indices(loc)
        return self.token_to_kv_pool, loc
