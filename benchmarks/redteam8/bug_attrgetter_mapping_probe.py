import operator

_get_mapping = operator.attrgetter("full_to_swa_index_mapping")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            self.mapping = _get_mapping(model_runner.token_to_kv_pool_allocator)
        except AttributeError:
            self.mapping = None

    def forward_decode(self, loc):
        if self.mapping is None:
            return self.pool, loc
        return self.pool, self.mapping[loc].to(loc.dtype)
