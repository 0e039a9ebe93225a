class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._index_map = None
        match model_runner.token_to_kv_pool:
            case object(full_to_swa_index_mapping=mapping):
                self._index_map = mapping
            case _:
                pass

    def forward_decode(self, loc):
        if self._index_map is not None:
            loc = self._index_map[loc]
        return self.pool, loc
