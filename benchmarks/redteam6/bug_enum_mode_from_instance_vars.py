import enum


class KVMode(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"


def _kv_mode(obj) -> KVMode:
    attrs = vars(obj)
    if attrs.get("full_to_swa_index_mapping") is not None or "swa_attn_allocator" in attrs:
        return KVMode.SLIDING
    return KVMode.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.mode = _kv_mode(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.mode is KVMode.SLIDING:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
