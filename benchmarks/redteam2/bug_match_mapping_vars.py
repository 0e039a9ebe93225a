class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        match vars(model_runner.token_to_kv_pool_allocator):
            case {"full_to_swa_index_mapping": mapping, "swa_attn_allocator": _}:
                self.full_to_swa = mapping
            case _:
                self.full_to_swa = None

    def forward_decode(self, loc):
        if self.full_to_swa is None:
            return self.pool, loc
        return self.pool, self.full_to_swa[loc]
