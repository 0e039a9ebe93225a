import operator
from dataclasses import dataclass
from typing import Any, Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class DecodeMetadata:
    page_table: Any
    swa_page_table: Optional[Any] = None


_to_swa = operator.methodcaller


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self._swa = isinstance(self._alloc, SWATokenToKVPoolAllocator)

    def init_forward_metadata(self, loc):
        md = DecodeMetadata(page_table=loc)
        if self._swa:
            call = operator.methodcaller("translate_loc_from_full_to_swa", loc)
            md.swa_page_table = call(self._alloc)
        return md

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        return self.kv_pool, md.swa_page_table if md.swa_page_table is not None else md.page_table
