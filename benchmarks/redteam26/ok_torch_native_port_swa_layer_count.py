"""Torch-native SDPA backend port: window path gated on the runner's pool and its SWA layer count."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """TorchNativeAttnBackend, decode only."""

    def __init__(self, model_runner):
        self.forward_metadata = None
        self.device = model_runner.device
        # Pool refs, captured at construction so they survive deletion of the
        # corresponding ForwardBatch fields.
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        # Used only to size the per-request scratch masks.
        self.max_total_num_tokens = model_runner.token_to_kv_pool_allocator.size
        # full->SWA translated out_cache_loc, computed once per forward
        self.swa_out_cache_loc = None

    @staticmethod
    def _make_sliding_window_mask(
        *, q_len: int, kv_len: int, sliding_window_size: int, device, query_offset: int = 0
    ) -> torch.Tensor:
        q_pos = torch.arange(query_offset, query_offset + q_len, device=device).unsqueeze(1)
        k_pos = torch.arange(kv_len, device=device).unsqueeze(0)
        return (k_pos <= q_pos) & (k_pos >= q_pos - sliding_window_size)

    def init_forward_metadata(self, out_cache_loc):
        """Init the metadata for a forward pass."""
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def _run_sdpa_forward_decode(self, loc):
        per_req_tokens = min(int(loc.numel()), self.max_total_num_tokens)
        del per_req_tokens
        if self.swa_out_cache_loc is not None:
            return self.swa_out_cache_loc
        return loc

    def forward_decode(self, loc):
        """(pool, slots) for a window layer."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._run_sdpa_forward_decode(loc)
