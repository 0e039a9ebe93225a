"""Decode backend that re-checks the KV mode at every call so CUDA-graph replays stay in sync."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

import torch
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


@dataclass
class GraphSafeMetadata:
    bs: int = 0
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa: bool = False


class GeneratedAttnBackend(AttentionBackend):
    """Attention backend whose per-step state is rebuilt from the runner, never cached."""

    def __init__(self, model_runner: ModelRunner):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.disable_cuda_graph = getattr(model_runner.server_args, "disable_cuda_graph", False)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.forward_metadata: Optional[GraphSafeMetadata] = None
        self._captured: dict = {}

    # Not cached on purpose: the runner may be re-wired between graph capture and replay.
    def _uses_swa(self) -> bool:
        return isinstance(self.model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        if self._uses_swa():
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        self.forward_metadata = GraphSafeMetadata(
            bs=forward_batch.batch_size,
            seq_lens=forward_batch.seq_lens,
            page_table=self._slots(table),
            swa=self._uses_swa(),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._captured["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._captured[bs] = {"swa": self._uses_swa(), "num_tokens": num_tokens}

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        entry = self._captured.get(bs, {})
        if entry.get("swa") != self._uses_swa():
            logger.warning("KV mode changed between capture and replay (bs=%d)", bs)
        entry["replayed"] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._slots(loc)
