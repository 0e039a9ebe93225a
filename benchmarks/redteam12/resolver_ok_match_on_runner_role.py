"""Backend that classifies the runner's role with a match statement before resolving the SWA pool."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerRole(enum.Enum):
    TARGET = "target"
    DRAFT_OWN_KV = "draft_own_kv"
    DRAFT_FROZEN_KV = "draft_frozen_kv"


def runner_role(model_runner) -> RunnerRole:
    match (bool(model_runner.is_draft_worker), model_runner.spec_algorithm.is_frozen_kv_mtp()):
        case (False, _):
            return RunnerRole.TARGET
        case (True, True):
            return RunnerRole.DRAFT_FROZEN_KV
        case _:
            return RunnerRole.DRAFT_OWN_KV


@dataclass
class RoleMetadata:
    role: RunnerRole = RunnerRole.TARGET
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.role = runner_role(model_runner)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)
        self.forward_metadata: Optional[RoleMetadata] = None
        self.graph: dict = {}
        logger.info("role=%s swa=%s", self.role.value, self.swa_kv_pool is not None)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        match self.role:
            case RunnerRole.DRAFT_OWN_KV:
                return None
            case _:
                kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        return (
            loc
            if self.swa_kv_pool is None
            else self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = RoleMetadata(
            role=self.role,
            seq_lens=forward_batch.seq_lens,
            slots=self._slots(forward_batch.out_cache_loc),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph[bs] = ("capture", self.role)

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
        self.graph[bs] = ("replay", self.role)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache and self.role is not RunnerRole.DRAFT_FROZEN_KV:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._slots(loc)
        return self.token_to_kv_pool, loc
