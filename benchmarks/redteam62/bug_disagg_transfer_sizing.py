"""Decode-side backend for prefill/decode disaggregation. The received KV indices are
full-pool ids; sliding-window layers are served from the SWA buffer."""

import math

import torch

# Tokens per KV transfer chunk between the prefill and decode workers.
_TRANSFER_CHUNK_TOKENS = 4096


def transfer_chunks(num_tokens: int) -> int:
    return max(1, math.ceil(num_tokens / _TRANSFER_CHUNK_TOKENS))


class GeneratedAttnBackend:
    """Decode over the received KV, translating to SWA ids where the cache is hybrid."""

    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_full_chunks = transfer_chunks(allocator.size)
        # Disaggregation already translates ids for the SWA buffers when sending;
        # reuse the same entry point for reads.
        self._swa_translate = getattr(allocator, "translate_swa_indices_for_transfer", None)
        self.num_swa_chunks = (
            transfer_chunks(allocator.size_swa) if self._swa_translate is not None else 0
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_translate is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._swa_translate(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def staging_bytes(self, bytes_per_token: int) -> int:
        chunks = self.num_full_chunks + self.num_swa_chunks
        return chunks * _TRANSFER_CHUNK_TOKENS * bytes_per_token
