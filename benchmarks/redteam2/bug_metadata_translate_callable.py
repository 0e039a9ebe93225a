from dataclasses import dataclass
from typing import Callable, Optional


@dataclass
class DecodeMetadata:
    page_table: object = None
    to_swa: Optional[Callable] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata = None

    def init_forward_metadata(self):
        md = DecodeMetadata()
        if hasattr(self.allocator, "full_to_swa_index_mapping"):
            md.to_swa = self.allocator.translate_loc_from_full_to_swa
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata()
        md = self.forward_metadata
        if md.to_swa is not None:
            loc = md.to_swa(loc)
        return self.pool, loc
