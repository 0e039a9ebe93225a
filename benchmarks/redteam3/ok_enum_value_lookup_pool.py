import enum


class KVLayout(enum.Enum):
    HYBRID_SWA = "SWAKVPool"
    MLA = "MLATokenToKVPool"
    FLAT = "MHATokenToKVPool"

    @classmethod
    def of(cls, obj):
        try:
            return cls(type(obj).__name__)
        except ValueError:
            return cls.FLAT


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = KVLayout.of(self.pool)

    def forward_decode(self, loc):
        if self.layout is KVLayout.HYBRID_SWA:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
