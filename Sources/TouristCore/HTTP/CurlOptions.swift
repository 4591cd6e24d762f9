import CCurl
import CurlShim

/// Sets options on one easy handle through the typed C shim (`curl_easy_setopt` is variadic),
/// turning a refusal into an error that names the option.
struct CurlOptions {
    let easy: UnsafeMutableRawPointer

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(tourist_curl_easy_setopt_long(easy, Int32(option.rawValue), value), option)
    }

    func set(_ option: CURLoption, _ value: Int64) throws {
        try check(tourist_curl_easy_setopt_off_t(easy, Int32(option.rawValue), value), option)
    }

    func set(_ option: CURLoption, _ value: String) throws {
        try check(tourist_curl_easy_setopt_string(easy, Int32(option.rawValue), value), option)
    }

    func set(_ option: CURLoption, _ value: UnsafeMutableRawPointer) throws {
        try check(tourist_curl_easy_setopt_pointer(easy, Int32(option.rawValue), value), option)
    }

    func setCallback(_ option: CURLoption, _ callback: tourist_curl_data_callback) throws {
        try check(tourist_curl_easy_setopt_data_callback(easy, Int32(option.rawValue), callback), option)
    }

    private func check(_ code: Int32, _ option: CURLoption) throws {
        guard code != Int32(CURLE_OK.rawValue) else { return }
        let reason = String(cString: tourist_curl_easy_strerror(code))
        throw HTTPError.invalidRequest("libcurl refused option \(option.rawValue): \(reason) (libcurl 7.85 or newer is needed)")
    }
}
