#include "common/openssl_aes.hpp"

#include "duckdb/common/encryption_state.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/main/config.hpp"
#include "duckdb/main/database.hpp"

#include <mutex>
#include <openssl/evp.h>
#include <openssl/rand.h>

namespace inlake {

using namespace duckdb; // NOLINT: this file only talks to DuckDB and OpenSSL

namespace {

const EVP_CIPHER *CipherFor(EncryptionTypes::CipherType cipher, idx_t key_len) {
	bool gcm = cipher == EncryptionTypes::GCM;
	if (!gcm && cipher != EncryptionTypes::CTR) {
		throw NotImplementedException("AES mode %s is not supported by inlake's encryption engine (GCM and CTR are)",
		                              EncryptionTypes::CipherToString(cipher));
	}
	switch (key_len) {
	case 16:
		return gcm ? EVP_aes_128_gcm() : EVP_aes_128_ctr();
	case 24:
		return gcm ? EVP_aes_192_gcm() : EVP_aes_192_ctr();
	case 32:
		return gcm ? EVP_aes_256_gcm() : EVP_aes_256_ctr();
	default:
		throw InvalidInputException("An AES key must be 16, 24 or 32 bytes long, not %llu", key_len);
	}
}

class OpenSslAesState : public EncryptionState {
public:
	OpenSslAesState(EncryptionTypes::CipherType cipher_p, idx_t key_len_p)
	    : EncryptionState(cipher_p, key_len_p), context(EVP_CIPHER_CTX_new()) {
		if (!context) {
			throw IOException("OpenSSL could not allocate a cipher context");
		}
	}
	~OpenSslAesState() override {
		EVP_CIPHER_CTX_free(context);
	}

	void InitializeEncryption(const_data_ptr_t iv, idx_t iv_len, const_data_ptr_t key, idx_t key_len_p,
	                          const_data_ptr_t aad, idx_t aad_len) override {
		Initialize(true, iv, iv_len, key, key_len_p, aad, aad_len);
	}

	void InitializeDecryption(const_data_ptr_t iv, idx_t iv_len, const_data_ptr_t key, idx_t key_len_p,
	                          const_data_ptr_t aad, idx_t aad_len) override {
		Initialize(false, iv, iv_len, key, key_len_p, aad, aad_len);
	}

	size_t Process(const_data_ptr_t in, idx_t in_len, data_ptr_t out, idx_t out_len) override {
		if (out_len < in_len) {
			throw InternalException("AES output buffer of %llu bytes for %llu input bytes", out_len, in_len);
		}
		int written = 0;
		if (CipherUpdate(out, &written, in, in_len) != 1) {
			throw IOException("OpenSSL AES %s failed", encrypting ? "encryption" : "decryption");
		}
		return size_t(written);
	}

	size_t Finalize(data_ptr_t out, idx_t out_len, data_ptr_t tag, idx_t tag_len) override {
		bool gcm = cipher == EncryptionTypes::GCM;
		if (gcm && !encrypting &&
		    EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, int(tag_len), static_cast<void *>(tag)) != 1) {
			throw IOException("OpenSSL could not set the AES-GCM tag");
		}
		// GCM and CTR are stream modes: the final step writes no bytes
		unsigned char rest[EVP_MAX_BLOCK_LENGTH];
		int written = 0;
		int ok = encrypting ? EVP_EncryptFinal_ex(context, rest, &written)
		                    : EVP_DecryptFinal_ex(context, rest, &written);
		if (ok != 1) {
			if (gcm && !encrypting) {
				throw InvalidInputException("Computed AES tag differs from read AES tag, are you using the right key?");
			}
			throw IOException("OpenSSL AES %s failed at its end", encrypting ? "encryption" : "decryption");
		}
		if (gcm && encrypting && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, int(tag_len), tag) != 1) {
			throw IOException("OpenSSL could not write the AES-GCM tag");
		}
		(void)out;
		(void)out_len;
		return 0;
	}

	void GenerateRandomData(data_ptr_t data, idx_t len) override {
		FillRandomBytes(data, len);
	}

private:
	void Initialize(bool encrypt, const_data_ptr_t iv, idx_t iv_len, const_data_ptr_t key, idx_t key_len_p,
	                const_data_ptr_t aad, idx_t aad_len) {
		encrypting = encrypt;
		auto evp_cipher = CipherFor(cipher, key_len_p);
		bool gcm = cipher == EncryptionTypes::GCM;
		auto init = encrypt ? EVP_EncryptInit_ex : EVP_DecryptInit_ex;
		if (init(context, evp_cipher, nullptr, nullptr, nullptr) != 1 ||
		    (gcm && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, int(iv_len), nullptr) != 1) ||
		    init(context, nullptr, nullptr, key, iv) != 1) {
			throw IOException("OpenSSL could not start AES %s", encrypt ? "encryption" : "decryption");
		}
		if (aad_len > 0) {
			int ignored = 0;
			if (CipherUpdate(nullptr, &ignored, aad, aad_len) != 1) {
				throw IOException("OpenSSL could not take the AES additional data");
			}
		}
	}

	int CipherUpdate(data_ptr_t out, int *written, const_data_ptr_t in, idx_t in_len) {
		return encrypting ? EVP_EncryptUpdate(context, out, written, in, int(in_len))
		                  : EVP_DecryptUpdate(context, out, written, in, int(in_len));
	}

	EVP_CIPHER_CTX *context;
	bool encrypting = true;
};

class OpenSslAesEngine : public EncryptionUtil {
public:
	shared_ptr<EncryptionState> CreateEncryptionState(EncryptionTypes::CipherType cipher, idx_t key_len) const override {
		return make_shared_ptr<OpenSslAesState>(cipher, key_len);
	}
};

} // namespace

void FillRandomBytes(uint8_t *data, size_t size) {
	if (size > 0 && RAND_bytes(data, int(size)) != 1) {
		throw IOException("OpenSSL could not generate random bytes");
	}
}

void EnsureEncryptionEngine(DatabaseInstance &db) {
	static std::mutex install_lock;
	std::lock_guard<std::mutex> guard(install_lock);
	auto &config = DBConfig::GetConfig(db);
	if (config.encryption_util && config.encryption_util->SupportsEncryption()) {
		return;
	}
	config.encryption_util = make_shared_ptr<OpenSslAesEngine>();
}

} // namespace inlake
