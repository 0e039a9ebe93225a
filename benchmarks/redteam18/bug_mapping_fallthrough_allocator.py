"""Indexes locations through its own pool's full_to_swa_index_mapping, falling through to the allocator's mapping when the pool has none."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        mapping = getattr(self.pool, "full_to_swa_index_mapping", None)
        if mapping is None:
            # The mapping may be registered on the pool lazily; the allocator
            # owns the authoritative copy.
            mapping = getattr(
                model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
            )
        self._full_to_swa = mapping

    def forward_decode(self, loc):
        if self._full_to_swa is not None:
            return self.pool, self._full_to_swa[loc]
        return self.pool, loc
