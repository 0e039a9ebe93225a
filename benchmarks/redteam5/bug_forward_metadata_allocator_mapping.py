from dataclasses import dataclass
from typing import Any, Optional


@dataclass
class ForwardMetadata:
    cache_loc: Any
    swa_cache_loc: Optional[Any] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = hasattr(self.token_to_kv_pool_allocator, "swa_attn_allocator")
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc):
        swa_cache_loc = None
        if self.is_hybrid_swa:
            mapping = self.token_to_kv_pool_allocator.full_to_swa_index_mapping
            swa_cache_loc = mapping[loc]
        self.forward_metadata = ForwardMetadata(cache_loc=loc, swa_cache_loc=swa_cache_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
