import functools


def _gather_swa_indices(token_to_kv_pool_allocator, kv_indices, *, out=None):
    swa = token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)
    if out is None:
        return swa
    out[: swa.numel()] = swa
    return out[: swa.numel()]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.gather_swa = None
        if getattr(allocator, "swa_attn_allocator", None) is not None:
            self.gather_swa = functools.partial(_gather_swa_indices, allocator)

    def forward_decode(self, loc):
        if self.gather_swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.gather_swa(loc, out=loc.clone())
