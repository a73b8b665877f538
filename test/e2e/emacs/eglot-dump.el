;;; eglot-dump.el --- Emacs + eglot as a real LSP client for the end-to-end test  -*- lexical-binding: t -*-
;;
;; emacs --batch -Q -l eglot-dump.el FILE
;; Opens FILE, connects eglot to the Agent Files server ($AGENT_FILES_LSP_CMD, default
;; "node $AGENT_FILES_ROOT/dist/server.js --stdio"), waits for the server's publishDiagnostics
;; for that file and prints one JSON line: {"file", "published": raw LSP diagnostics,
;; "shown": what Flymake holds}. Exit code 0 when the server published, 1 on timeout
;; ($AGENT_FILES_TIMEOUT seconds, default 15).

;; -Q skips Debian's site-start, which is what puts elpa-eglot (and its deps) on the load path.
(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (add-to-list 'load-path dir))
(require 'eglot)
(require 'json)
(require 'flymake)

(setq user-emacs-directory (expand-file-name "emacs-home/" (or (getenv "AGENT_FILES_EMACS_HOME") temporary-file-directory)))
(setq eglot-sync-connect t
      eglot-autoshutdown t
      eglot-events-buffer-size 0)

;; Major modes for our formats; eglot sends the mode name (minus "-mode") as languageId and the
;; server classifies SKILL.md / AGENT.md / world.json by file name anyway.
(define-derived-mode threemd-mode text-mode "3md")
(define-derived-mode agent-files-markdown-mode text-mode "Markdown")
(define-derived-mode agent-files-json-mode prog-mode "JSON")
(add-to-list 'auto-mode-alist '("\\.3md\\'" . threemd-mode))
(add-to-list 'auto-mode-alist '("\\(?:SKILL\\|AGENT\\)\\.md\\'" . agent-files-markdown-mode))
(add-to-list 'auto-mode-alist '("/\\.agent-world/world\\.json\\'" . agent-files-json-mode))

(let ((cmd (split-string (or (getenv "AGENT_FILES_LSP_CMD")
                             (concat "node " (getenv "AGENT_FILES_ROOT") "/dist/server.js --stdio")))))
  (add-to-list 'eglot-server-programs
               `((threemd-mode agent-files-markdown-mode agent-files-json-mode) . ,cmd)))

(defvar agent-files-published (make-hash-table :test 'equal)
  "URI -> raw LSP diagnostics vector of the last publishDiagnostics.")

(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (eq method 'textDocument/publishDiagnostics)
                (puthash (plist-get params :uri) (plist-get params :diagnostics) agent-files-published))))

(let* ((file (expand-file-name (car command-line-args-left)))
       (timeout (string-to-number (or (getenv "AGENT_FILES_TIMEOUT") "15")))
       (buf (find-file-noselect file))
       uri published)
  (setq command-line-args-left nil)
  (with-current-buffer buf
    ;; The project is the current directory, like a workspace folder.
    (let ((project-find-functions (list (lambda (_) (cons 'transient default-directory)))))
      (eglot-ensure)
      ;; eglot-ensure connects from post-command-hook, which batch mode never runs
      (run-hooks 'post-command-hook))
    (setq uri (eglot--path-to-uri file))
    (let ((deadline (+ (float-time) timeout)))
      (while (and (not (gethash uri agent-files-published)) (< (float-time) deadline))
        (accept-process-output nil 0.05)))
    (setq published (gethash uri agent-files-published))
    ;; Batch mode has no idle timers: ask Flymake to apply eglot's report now.
    (flymake-start nil t)
    (accept-process-output nil 0.3)
    (let ((json-encoding-pretty-print nil))
      (princ (json-encode
              `((file . ,file)
                (mode . ,(symbol-name major-mode))
                (published . ,(or published :json-false))
                (shown . ,(vconcat
                           (mapcar (lambda (d)
                                     `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
                                       (type . ,(symbol-name (flymake-diagnostic-type d)))
                                       (text . ,(flymake-diagnostic-text d))))
                                   (flymake-diagnostics)))))))
      (terpri))
    (kill-emacs (if published 0 1))))
