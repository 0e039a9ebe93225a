from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass
class TRTLLMMHAMetadata:
    page_table: Any = None
    swa_page_table: Optional[Any] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_map = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        self.forward_metadata = TRTLLMMHAMetadata()

    def init_forward_metadata(self, loc):
        md = TRTLLMMHAMetadata(page_table=loc // self.page_size)
        if self.swa_map is not None:
            md.swa_page_table = self.swa_map[loc] // self.page_size
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, table * self.page_size
