"""Backend that snapshots the full->SWA mapping with try/except/else/finally at init."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self.full_to_swa: Optional[torch.Tensor] = None
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            mapping = allocator.full_to_swa_index_mapping
        except AttributeError:
            logger.debug("dense KV cache, no index mapping")
        else:
            # keep a reference, not a copy: the allocator updates it in place
            self.full_to_swa = mapping
        finally:
            self.uses_swa = self.full_to_swa is not None
        self.decode_kv_indices = torch.zeros(
            model_runner.max_running_requests * model_runner.model_config.context_len,
            dtype=torch.int64,
            device=self.device,
        )

    def _window_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.full_to_swa[loc]

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_seq_lens = torch.ones(max_bs, dtype=torch.int32)
        self.graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, seq_lens: torch.Tensor):
        self.graph_seq_lens[:bs].copy_(seq_lens[:bs])
        self.graph_seq_lens[bs:].fill_(1)

    def forward_decode(self, loc):
        if self.uses_swa:
            loc = self._window_indices(loc)
        return self.token_to_kv_pool, loc
