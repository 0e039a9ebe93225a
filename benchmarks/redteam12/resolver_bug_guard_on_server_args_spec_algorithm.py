"""Backend that resolves its SWA pool and skips the allocator fallback for EAGLE per the server args."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_OWN_POOL_DRAFT_ALGOS = {"EAGLE", "EAGLE3", "STANDALONE"}


@dataclass
class ServerArgsView:
    speculative_algorithm: Optional[str]
    num_draft_tokens: int
    kv_cache_dtype: str

    @classmethod
    def of(cls, server_args) -> "ServerArgsView":
        algo = getattr(server_args, "speculative_algorithm", None)
        return cls(
            speculative_algorithm=algo.upper() if isinstance(algo, str) else None,
            num_draft_tokens=getattr(server_args, "speculative_num_draft_tokens", None) or 0,
            kv_cache_dtype=getattr(server_args, "kv_cache_dtype", "auto"),
        )


@dataclass
class Metadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.args = ServerArgsView.of(model_runner.server_args)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[Metadata] = None
        self.graph: dict = {}

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if (
            model_runner.is_draft_worker
            and self.args.speculative_algorithm in _OWN_POOL_DRAFT_ALGOS
        ):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            logger.info("reading the target's SWA cache (algo=%s)", self.args.speculative_algorithm)
            return kvcache
        return None

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_kv_pool is None:
            return loc
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = Metadata(
            seq_lens=forward_batch.seq_lens, slots=self._slots(forward_batch.out_cache_loc)
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens + self.args.num_draft_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph[bs] = "capture"

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
        self.graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        pool = self._swa_kv_pool if self._swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._slots(loc)
