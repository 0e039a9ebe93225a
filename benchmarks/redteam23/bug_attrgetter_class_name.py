"""Backend that reads the allocator's class name with operator.attrgetter to pick its read path."""

import operator

_class_name = operator.attrgetter("__class__.__name__")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.swa_reads = _class_name(self.alloc).partition("TokenToKVPool")[0] == "SWA"

    def forward_decode(self, loc):
        if self.swa_reads:
            loc = operator.getitem(self.alloc.full_to_swa_index_mapping, loc)
        return self.pool, loc
