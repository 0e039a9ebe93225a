"""Backend with per-mode metadata, where the window flag is stored on each record.

The flag is derived once from the KV cache the allocator manages: the
allocator is the owner of the full->window table, so its cache type tells us
whether the model is hybrid.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class BaseMeta:
    read_swa: bool
    page_table: Optional[torch.Tensor] = None


@dataclass
class DecodeMeta(BaseMeta):
    seq_lens: list = field(default_factory=list)


@dataclass
class ExtendMeta(BaseMeta):
    prefix_lens: list = field(default_factory=list)


@dataclass
class TargetVerifyMeta(BaseMeta):
    draft_tokens: int = 0


@dataclass
class DraftExtendMeta(BaseMeta):
    accept_length: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        managed = model_runner.token_to_kv_pool_allocator.get_kvcache()
        hybrid = isinstance(managed, SWAKVPool)
        self.decode_meta = DecodeMeta(read_swa=hybrid)
        self.extend_meta = ExtendMeta(read_swa=hybrid)
        self.verify_meta = TargetVerifyMeta(read_swa=hybrid)
        # draft extend only touches the last accepted tokens; the window always covers them
        self.draft_extend_meta = DraftExtendMeta(read_swa=False)

    def _page_table(self, meta: BaseMeta, loc: torch.Tensor) -> torch.Tensor:
        if meta.read_swa:
            meta.page_table = self.token_to_kv_pool.full_to_swa_index_mapping[loc]
        else:
            meta.page_table = loc
        return meta.page_table

    def forward_extend(self, loc):
        return self.token_to_kv_pool, self._page_table(self.extend_meta, loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._page_table(self.decode_meta, loc)
