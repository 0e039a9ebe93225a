"""Triton attention backend port: SWA support detection."""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_kv_splits = model_runner.server_args.triton_attention_num_kv_splits
        self.max_context_len = model_runner.model_config.context_len
        self.sliding_window_size = model_runner.sliding_window_size
        # the SWA allocator knows how to map full-pool slots to the SWA sub-pool
        self.support_swa = hasattr(
            model_runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        if self.support_swa:
            logger.info("triton backend: SWA kv translation enabled")

    def _window_kv_indices(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if not self.support_swa:
            return kv_indices
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)

    def forward_decode(self, loc):
        kv_indices = loc.to(torch.int64)
        return self.token_to_kv_pool, self._window_kv_indices(kv_indices)
