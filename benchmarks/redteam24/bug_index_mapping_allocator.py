"""Attention backend that indexes the full-to-SWA mapping directly when the KV cache has one."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        holder = model_runner.token_to_kv_pool_allocator
        self.full_to_swa = getattr(holder, "full_to_swa_index_mapping", None)

    def get_token_to_kv_pool(self):
        return self.pool

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        if (mapping := self.full_to_swa) is not None:
            return self.pool, mapping[loc].to(loc.dtype)
        return self.pool, loc
