"""Windowed decode backend keyed on the kind of worker that built it."""

import contextlib
import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WorkerKind(enum.Enum):
    TARGET = "target"
    FROZEN_KV_DRAFT = "frozen_kv_draft"
    DRAFT = "draft"

    @classmethod
    def from_runner(cls, runner) -> "WorkerKind":
        if not getattr(runner, "is_draft_worker", False):
            return cls.TARGET
        frozen = False
        with contextlib.suppress(AttributeError):
            frozen = runner.spec_algorithm.is_frozen_kv_mtp()
        return cls.FROZEN_KV_DRAFT if frozen else cls.DRAFT

    @property
    def reads_target_kv(self) -> bool:
        return self is not WorkerKind.FROZEN_KV_DRAFT


@dataclass
class GraphBuffers:
    cache_seqlens: torch.Tensor
    out_cache_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kind = WorkerKind.from_runner(model_runner)
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._swa_pool_for(model_runner)
        self.device = model_runner.device
        self.graph_buffers: Optional[GraphBuffers] = None
        logger.info("attention backend for %s worker", self.kind.value)

    def _swa_pool_for(self, runner) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if not self.kind.reads_target_kv:
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_buffers = GraphBuffers(
            cache_seqlens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            out_cache_loc=torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
        )

    def init_forward_metadata_replay_cuda_graph(self, bs, seq_lens):
        self.graph_buffers.cache_seqlens[:bs].copy_(seq_lens[:bs])

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        translated = self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.graph_buffers is not None:
            self.graph_buffers.out_cache_loc[: translated.numel()].copy_(translated)
        return self.swa_pool, translated
