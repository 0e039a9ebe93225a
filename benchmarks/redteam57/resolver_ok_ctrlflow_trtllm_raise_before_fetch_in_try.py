"""TRT-LLM MHA decode backend; draft ownership is signalled with an exception."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_BYTES = 128 * 1024 * 1024


class DraftKVOwnership(RuntimeError):
    """The worker is a draft that allocates through the target but owns its pool."""


def _ensure_shares_target_kv(model_runner) -> None:
    if not getattr(model_runner, "is_draft_worker", False):
        return
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if not spec.is_frozen_kv_mtp():
        raise DraftKVOwnership(f"{spec.name} draft owns its KV pool")


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    cache = None
    try:
        _ensure_shares_target_kv(model_runner)
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    except DraftKVOwnership as err:
        logger.info("skipping allocator cache: %s", err)
    return cache if isinstance(cache, SWAKVPool) else None


@dataclass
class TRTLLMDecodeMetadata:
    block_tables: torch.Tensor
    seq_lens: torch.Tensor
    max_seq_len: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.workspace = torch.empty(
            DEFAULT_WORKSPACE_BYTES // 1024, dtype=torch.uint8, device=self.device
        )
        self.forward_metadata: Optional[TRTLLMDecodeMetadata] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        blocks = (max_num_tokens + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_block_tables = torch.zeros(
            max_bs, blocks, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        table = loc
        if self.swa_pool is not None:
            table = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = TRTLLMDecodeMetadata(
            block_tables=table,
            seq_lens=torch.ones(loc.numel(), dtype=torch.int32),
            max_seq_len=1,
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_pool or self.kv_pool
        return pool, self.forward_metadata.block_tables
