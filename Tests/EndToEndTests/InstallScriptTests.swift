import Foundation
import Testing
import TestSupport

/// `make install` and `make uninstall` (packaging/install.sh) on a staged tree like the one
/// packaging/stage.sh lays out: what is installed is listed, and uninstall removes exactly that
/// and the folders install created, never what was there before.
@Suite struct InstallScriptTests {
    static let staged = [
        "bin/tourist", "share/man/man1/tourist.1", "share/man/man1/tourist.pin.1", "share/man/man1/tourist.pin.add.1",
        "share/bash-completion/completions/tourist", "share/zsh/site-functions/_tourist", "share/fish/vendor_completions.d/tourist.fish",
    ]

    /// Runs packaging/install.sh with `arguments`.
    static func script(_ arguments: String...) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Harness.repository + "/packaging/install.sh"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Every file under `root`, relative to it, sorted.
    static func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    static func stage(_ folder: TemporaryDirectory, leaving left: Set<String> = []) throws -> String {
        for path in staged where !left.contains(path) { try folder.write("stage/" + path, "contents of \(path)\n") }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.child("stage/bin/tourist"))
        return folder.child("stage")
    }

    @Test func uninstallRemovesExactlyWhatInstallWrote() throws {
        let folder = TemporaryDirectory("tourist-install")
        let stage = try Self.stage(folder)
        let prefix = folder.child("prefix")
        // What was there before: another program's man page, so man1 is not install's to remove.
        try folder.write("prefix/share/man/man1/other.1", "another program\n")

        let installed = try Self.script("install", stage, "", prefix)
        #expect(installed.status == 0, "\(installed.output)")
        #expect(Self.files(under: prefix) == (Self.staged + ["share/man/man1/other.1", "share/tourist/installed-files"]).sorted())
        let binary = try FileManager.default.attributesOfItem(atPath: prefix + "/bin/tourist")[.posixPermissions] as? Int
        #expect(binary == 0o755)
        let page = try FileManager.default.attributesOfItem(atPath: prefix + "/share/man/man1/tourist.1")[.posixPermissions] as? Int
        #expect(page == 0o644)
        let manifest = try String(contentsOfFile: prefix + "/share/tourist/installed-files", encoding: .utf8)
        #expect(
            manifest.contains("dir share/tourist\n") && manifest.contains("dir share/bash-completion/completions\n")
                && !manifest.contains("dir share/man"), "\(manifest)")

        // A second install of a version with one page fewer leaves no stale page.
        try FileManager.default.removeItem(atPath: stage)
        let smaller = try Self.stage(folder, leaving: ["share/man/man1/tourist.pin.add.1"])
        #expect(try Self.script("install", smaller, "", prefix).status == 0)
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/man/man1/tourist.pin.add.1"))

        let removed = try Self.script("uninstall", "", prefix)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(Self.files(under: prefix) == ["share/man/man1/other.1"])
        for created in ["bin", "share/tourist", "share/bash-completion", "share/zsh", "share/fish"] {
            #expect(
                !FileManager.default.fileExists(atPath: prefix + "/" + created),
                "\(created) was created by install and is empty: uninstall removes it")
        }

        let again = try Self.script("uninstall", "", prefix)
        #expect(again.status == 1 && again.output.contains("tourist is not installed in \(prefix) by make install"), "\(again.output)")
    }

    @Test func destdirHoldsTheTreeAndThePrefixItCreatedGoesToo() throws {
        let folder = TemporaryDirectory("tourist-install")
        let stage = try Self.stage(folder)
        let destdir = folder.child("dest")
        #expect(try Self.script("install", stage, destdir, "/usr/local").status == 0)
        #expect(Self.files(under: destdir + "/usr/local") == (Self.staged + ["share/tourist/installed-files"]).sorted())
        let manifest = try String(contentsOfFile: destdir + "/usr/local/share/tourist/installed-files", encoding: .utf8)
        #expect(manifest.contains("file bin/tourist\n") && !manifest.contains(destdir), "paths are relative to the prefix: \(manifest)")
        #expect(try Self.script("uninstall", destdir, "/usr/local").status == 0)
        #expect(!FileManager.default.fileExists(atPath: destdir + "/usr/local"), "the prefix did not exist before install")
        // Folders above the prefix are not recorded: DESTDIR's own tree is the packager's.
        #expect(FileManager.default.fileExists(atPath: destdir + "/usr"))
    }
}
